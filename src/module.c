/*-------------------------------------------------------------------------
 *
 * module.c
 *	  The loadable module's identity.  Everything else lives in the file
 *	  named after its concern.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "fmgr.h"

PG_MODULE_MAGIC;
