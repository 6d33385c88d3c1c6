# SPDX-License-Identifier: GPL-2.0-or-later
# A PostgreSQL cluster of the tests' own, as Debian packages it
# (postgresql): made with initdb in a directory, listening only on a
# Unix socket there (no TCP port, so nothing outside can reach it, and a
# command in the test web's namespace reaches it through the file
# system).  Source it; as root.
#
#   url=$(pg_up DIR)    # the cluster in DIR, a database "linkmend" in it;
#                       # prints the store URL for --db
#   pg_stop DIR         # the server stopped (its clients cut off) ...
#   pg_start DIR        # ... and started again
#   pg_down DIR
#
# A wait for a lock longer than a second is logged (log_lock_waits) in
# DIR/server.log: "still waiting for ... after 1000 ms".
pg_bindir() {
	ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1
}

pg_up() {
	local dir=$1 bin
	bin=$(pg_bindir)
	[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "pg_up: no PostgreSQL server (apt-get install postgresql)" >&2; return 1; }
	id postgres > /dev/null 2>&1 || { echo "pg_up: no postgres user" >&2; return 1; }
	mkdir -p "$dir"
	chown postgres: "$dir"
	chmod 755 "$dir"
	runuser -u postgres -- "$bin/initdb" -D "$dir/data" -A trust -U postgres \
		-E UTF8 --locale=C.UTF-8 > "$dir/initdb.log" 2>&1 || {
		cat "$dir/initdb.log" >&2; return 1; }
	pg_start "$dir" || return 1
	runuser -u postgres -- "$bin/createdb" -h "$dir" linkmend || return 1
	echo "postgresql:///linkmend?host=$dir&user=postgres"
}

pg_start() {
	local dir=$1
	runuser -u postgres -- "$(pg_bindir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
		-o "-k $dir -c listen_addresses='' -c max_connections=100 -c log_lock_waits=on -c deadlock_timeout=1s" \
		start > /dev/null 2>&1 || { cat "$dir/server.log" >&2; return 1; }
}

pg_stop() {
	runuser -u postgres -- "$(pg_bindir)/pg_ctl" -D "$1/data" -m fast -w stop > /dev/null 2>&1
}

pg_down() {
	local dir=$1 bin
	bin=$(pg_bindir)
	[ -f "$dir/data/postmaster.pid" ] &&
		runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop > /dev/null 2>&1
	rm -rf "$dir"
}
