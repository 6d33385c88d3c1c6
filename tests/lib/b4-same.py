#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""b4-same.py SERIES_DIR B4_DIR SENDER: do the mails 'b4 send -o' wrote
(B4_DIR/*.eml) carry the patches linkmend series wrote (SERIES_DIR/*.patch)
to the same people?  Prints "ok - ..." or "not ok - ..." lines, one a
check, each naming the patch.

Per patch: the subject, the commit message (above the first "---"), the
diff and everyone it goes to (To and Cc, the sender left out: b4 copies
the sender, who signed off) are the same.  The cover letter: the same
subject and the same people.  b4 sends each patch's own people as Cc:
(it has no To: of one patch alone), so To and Cc are compared together;
what b4 sends To: must be To: in linkmend's patch as well."""
import email
import email.policy
import email.utils
import glob
import os
import re
import sys


def mail(path):
    with open(path, "rb") as f:
        return email.message_from_binary_file(f, policy=email.policy.default)


def people(m, *fields):
    out = set()
    for f in fields:
        for _, addr in email.utils.getaddresses(m.get_all(f, [])):
            out.add(addr.lower())
    return out


def subject(m):
    return " ".join(str(m["Subject"]).split())


def parts(m):
    body = m.get_content()
    # b4 puts the author first when another sends: From: in the body.
    if body.startswith("From: "):
        body = body.split("\n\n", 1)[1]
    msg, _, rest = body.partition("\n---\n")
    diff = rest[rest.find("diff --git"):] if "diff --git" in rest else ""
    # The signature, and b4's notes of a patch sent alone (base-commit).
    diff = diff.split("\n-- \n")[0].split("\n---\nbase-commit: ")[0]
    # series names the base in every patch, b4 in its cover only.
    diff = re.sub(r"\n+base-commit: [0-9a-f]+\s*$", "", diff)
    return msg.strip(), diff.rstrip()


def main():
    sdir, bdir, sender = sys.argv[1], sys.argv[2], sys.argv[3].lower()
    ours = sorted(glob.glob(os.path.join(sdir, "*.patch")))
    theirs = sorted(glob.glob(os.path.join(bdir, "*.eml")))
    name = os.path.basename(sdir.rstrip("/"))
    if len(ours) != len(theirs) or not ours:
        print(f"not ok - {name}: b4 wrote {len(theirs)} mails, "
              f"series {len(ours)}")
        return
    for o, t in zip(ours, theirs):
        mo, mt = mail(o), mail(t)
        what = f"{name}/{os.path.basename(o)}"
        ok = subject(mo) == subject(mt)
        print(f"{'ok' if ok else 'not ok'} - {what}: the same subject"
              + ("" if ok else f" ({subject(mo)!r} / {subject(mt)!r})"))
        po = people(mo, "To", "Cc") - {sender}
        pt = people(mt, "To", "Cc") - {sender}
        ok = po == pt
        print(f"{'ok' if ok else 'not ok'} - {what}: the same people"
              + ("" if ok else f" (only series: {sorted(po - pt)}, "
                 f"only b4: {sorted(pt - po)})"))
        ok = people(mt, "To") <= people(mo, "To")
        print(f"{'ok' if ok else 'not ok'} - {what}: b4's To: are To: "
              "in series' patch too")
        if os.path.basename(o).startswith("0000-"):
            continue
        (msg_o, diff_o), (msg_t, diff_t) = parts(mo), parts(mt)
        ok = msg_o == msg_t
        print(f"{'ok' if ok else 'not ok'} - {what}: the same message")
        ok = diff_o == diff_t and diff_o != ""
        print(f"{'ok' if ok else 'not ok'} - {what}: the same diff")
        notes = mo.get_content().partition("\n---\n")[2].split("\n\n")[0]
        ok = notes.startswith("The evidence") and notes in mt.get_content()
        print(f"{'ok' if ok else 'not ok'} - {what}: the same evidence "
              "below the '---' line")


main()
