-- SPDX-License-Identifier: GPL-2.0-or-later
-- A store as linkmend wrote it at schema 5 (42d91c9: a scan of a.txt, a check
-- of each URL and an upgrade resolved), for t-store's migration to 6; the
-- test sets the root to its own.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta(  key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
INSERT INTO meta VALUES('schema','5');
INSERT INTO meta VALUES('tree/1/root','/tmp/e/s5');
INSERT INTO meta VALUES('tree/1/scan_signature','scanner=3 all_schemes=0');
CREATE TABLE tree(  id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,  version TEXT NOT NULL DEFAULT '', root TEXT,  scanned_at INTEGER NOT NULL DEFAULT 0);
INSERT INTO tree VALUES(1,'s5','','/tmp/e/s5',1796609339);
CREATE TABLE dir(  tree_id INTEGER NOT NULL, path TEXT NOT NULL, files BLOB NOT NULL,  PRIMARY KEY(tree_id, path)) WITHOUT ROWID;
INSERT INTO dir VALUES(1,'',X'612e74787400390000000000000004d7d7f5acd6ee18');
CREATE TABLE url(  id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE,  host TEXT NOT NULL, scheme TEXT NOT NULL);
INSERT INTO url VALUES(1,'https://www.kernel.org/doc/','www.kernel.org','https');
INSERT INTO url VALUES(2,'http://www.kernel.org/','www.kernel.org','http');
CREATE TABLE occurrence(  tree_id INTEGER NOT NULL,  path TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL,  line INTEGER NOT NULL, col INTEGER NOT NULL,  url_id INTEGER NOT NULL REFERENCES url(id),  text TEXT NOT NULL, context TEXT NOT NULL, flags INTEGER NOT NULL,  owner TEXT, owner_why TEXT, purpose TEXT, purpose_why TEXT,  PRIMARY KEY(tree_id, path, start)) WITHOUT ROWID;
INSERT INTO occurrence VALUES(1,'a.txt',2,29,1,3,1,'https://www.kernel.org/doc/','text',16,NULL,NULL,NULL,NULL);
INSERT INTO occurrence VALUES(1,'a.txt',34,56,1,35,2,'http://www.kernel.org/','text',0,NULL,NULL,NULL,NULL);
CREATE TABLE resolution(  tree_id INTEGER NOT NULL,  url_id INTEGER NOT NULL REFERENCES url(id), path TEXT NOT NULL,  start INTEGER NOT NULL, kind TEXT NOT NULL, replacement TEXT,  edit TEXT,  evidence TEXT NOT NULL, at INTEGER NOT NULL,  applied INTEGER NOT NULL DEFAULT 0, via TEXT,  PRIMARY KEY(tree_id, url_id, path, start)) WITHOUT ROWID;
INSERT INTO resolution VALUES(1,2,'a.txt',34,'upgrade','https://www.kernel.org/','https://www.kernel.org/','the same page over https',1700000000,0,NULL);
CREATE TABLE lookup(  key TEXT PRIMARY KEY, at INTEGER NOT NULL, body TEXT NOT NULL)  WITHOUT ROWID;
CREATE TABLE checks(  url_id INTEGER NOT NULL REFERENCES url(id), at INTEGER NOT NULL,  verdict TEXT NOT NULL, status INTEGER NOT NULL,  curl_code INTEGER NOT NULL, final_url TEXT, chain TEXT NOT NULL,  detail TEXT NOT NULL, digest TEXT NOT NULL, ms INTEGER NOT NULL,  PRIMARY KEY(url_id, at)) WITHOUT ROWID;
INSERT INTO checks VALUES(1,1700000000,'alive',200,0,NULL,'','','',5);
INSERT INTO checks VALUES(2,1700000000,'alive',200,0,NULL,'','','',5);
CREATE TABLE capture(  dir TEXT NOT NULL, file TEXT NOT NULL, "offset" INTEGER NOT NULL,  length INTEGER NOT NULL, "end" INTEGER NOT NULL,  url_id INTEGER NOT NULL, url TEXT NOT NULL, type TEXT NOT NULL,  record_id TEXT NOT NULL, date TEXT NOT NULL, ts TEXT NOT NULL,  status INTEGER NOT NULL, mime TEXT NOT NULL,  payload_digest TEXT NOT NULL, PRIMARY KEY(dir, file, "offset"))  WITHOUT ROWID;
CREATE TABLE host(  host TEXT PRIMARY KEY, owner TEXT,  until_ms INTEGER NOT NULL DEFAULT 0,  last_ms INTEGER NOT NULL DEFAULT 0,  next_s INTEGER NOT NULL DEFAULT 0,  resolve_s INTEGER NOT NULL DEFAULT 0,  archive_s INTEGER NOT NULL DEFAULT 0, turn_by TEXT,  turn_ms INTEGER NOT NULL DEFAULT 0,  turn_until_ms INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
INSERT INTO host VALUES('www.kernel.org',NULL,0,0,0,0,0,NULL,0,0);
CREATE INDEX occurrence_url ON occurrence(url_id);
CREATE INDEX url_host ON url(host);
CREATE INDEX host_next ON host(next_s);
COMMIT;
