/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A written patch addressed: the recipients the project's routes gave it
 * (project/route.h) as To: and Cc: lines of its mail header.
 */
#ifndef SERIES_ADDRESS_H
#define SERIES_ADDRESS_H

#include "../project/recipients.h"

/*
 * Put To: and Cc: lines at the end of file's mail header, in place of
 * those it had.  -1 after error().
 */
int recipients_write(const char *file, const struct recipients *r);

#endif
