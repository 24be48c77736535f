/*
 * The top: the command table that names every command (command_table.c), which
 * the entries of cudnnv and its helpers hand down to the parser.
 */
#ifndef CUDNNV_CLI_H
#define CUDNNV_CLI_H

#include "args.h"

const struct command_list *command_list(void);

#endif
