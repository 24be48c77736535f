/*
 * The command line, below the commands: what a command's entry in the table
 * is (name, options, operands, help), the one parser that fills the
 * arguments a command runs with, help written from the entry, the words a
 * value can be, and "did you mean". Commands live one per file
 * (manager/commands/cmd_*.c), each declaring its own 'struct command'; the
 * table that lists them all is the top's (manager/cli/command_table.c), handed
 * down in struct args.
 */
#ifndef CUDNNV_ARGS_H
#define CUDNNV_ARGS_H

#include <stddef.h>
#include <stdio.h>

#include "json.h"
#include "messages.h"

/* What a word can be, for completion (flags combine). */
enum complete_what {
    COMPLETE_NOTHING = 0,
    COMPLETE_SETS = 1 << 0,       /* the installed sets */
    COMPLETE_RELEASES = 1 << 1,   /* the catalog's releases */
    COMPLETE_FILES = 1 << 2,      /* a path (the shell completes it) */
    COMPLETE_DIRS = 1 << 3,       /* a directory (the shell completes it) */
    COMPLETE_PROGRAMS = 1 << 4,   /* a program on PATH (the shell completes it) */
    COMPLETE_COMMANDS = 1 << 5,   /* a cudnnv command */
    COMPLETE_FRAMEWORKS = 1 << 6, /* torch, tensorflow==2.5, ... */
    COMPLETE_CUDA = 1 << 7,       /* the CUDA versions the catalog builds for */
    COMPLETE_WORDS = 1 << 8,      /* the words listed with it */
    COMPLETE_SHELLS = 1 << 9,     /* the shells with a hook (the shell table) */
    COMPLETE_FORMATS = 1 << 10,   /* every row of the shell table: env's formats */
    COMPLETE_PLATFORMS = 1 << 11, /* NVIDIA's platforms, as the catalog names them */
};

/* One option of a command. The table of a command ends with {.name = NULL}. */
struct option_spec {
    const char *name;        /* "--format" */
    char short_name;         /* 'f' for -f, or 0 */
    const char *value_name;  /* "FORMAT" when the option takes a value; NULL: a flag */
    unsigned complete;       /* what its value can be (enum complete_what) */
    const char *words;       /* with COMPLETE_WORDS: the values, separated by spaces */
    const char *help;        /* for help COMMAND; '\n' starts a continuation line */
    const char *own_form;    /* set: the option starts a usage line of its own, followed by these operands */
    unsigned conflicts;      /* the options (1 << index) it cannot be given with */
    int alone;               /* it takes no operands */
    unsigned only_with;      /* the options (1 << index) one of which it needs; its usage is in their own_form */
};

#define ARGS_MAX_OPTIONS 24

/* A command's operands: how usage shows them, what they can be, how many. */
struct operand_spec {
    const char *usage;       /* "NAME DIR"; NULL: the values of the words they can be (or none) */
    unsigned complete;       /* what they can be (enum complete_what) */
    const char *words;       /* with COMPLETE_WORDS: the words */
    int min;                 /* fewer is bad usage, unless an option with its own form is given */
    int max;                 /* more is bad usage; -1: any number */
    const char *missing;     /* what to say when there are fewer ("give the CUDA toolkit folder") */
};

struct command;

/* Every command, in the order 'cudnnv help' shows them: the top's table, handed down. */
struct command_list {
    const struct command *const *commands;
    int count;
};

/* A command line, parsed by the command's table. */
struct args {
    const struct command *command;
    const struct command_list *all;      /* every command (help, completion, suggestions) */
    const char *value[ARGS_MAX_OPTIONS]; /* per option: its value, "" for a flag; NULL: absent */
    int count;                           /* operands */
    char **operand;                      /* operand[0 .. count-1] */
    int argc;                            /* the whole command line, from the command's name */
    char **argv;
    char *few_operands[8];               /* operand's room for a short line: no malloc at the prompt */
};

struct command {
    const char *name;
    int (*run)(struct args *args);
    const struct option_spec *options;
    struct operand_spec operands;
    int options_end_at_operand; /* exec: the first operand and the rest are another program's */
    int stdout_is_code;        /* what it prints on stdout is evaluated by a shell: --help goes to stderr */
    const struct command *same_as; /* another name for that command (local for use): it runs, helps, completes */
};

/*
 * A command's prose, written once in docs/commands/NAME.txt and carried in
 * the binary (build/gen/prose.c, by manager/args/embed-prose.sh).
 */
struct command_prose {
    const char *name;
    const char *summary;       /* its line in 'cudnnv help'; NULL: plumbing, not listed */
    const char *description;   /* --help's text between the usage and the options; the man page's entry */
    const char *details;       /* the manual's further paragraphs (other forms, rules, limits), or NULL:
                                  the man page prints them after the description, --help points there */
    const char *notes;         /* --help's text after the options, or NULL */
};
extern const struct command_prose command_prose[];
const struct command_prose *prose_of(const struct command *command);
/* Whether 'cudnnv help' lists the command (it has a summary), or it is plumbing (hook-env, completions). */
int command_is_listed(const struct command *command);

/* args.c */
int args_parse(const struct command_list *all, const struct command *command, int argc, char **argv,
               struct args *args);
void args_release(struct args *args);
int args_has(const struct args *args, int option);
/* Every value an option given several times has (--for A --for B), in order, at most max; their count. */
int args_values(const struct args *args, int option, const char **out, int max);
int command_main(const struct command_list *all, const struct command *command, int (*run)(struct args *),
                 int argc, char **argv);
const struct option_spec *option_find(const struct command *command, const char *word);

/* value_words.c: the values of a kind of word, for usage lines and completion */
void value_words(unsigned what, const char *words, char separator, char *out, size_t size);
/* help_text.c */
/* The command of that name in the list, or NULL. */
const struct command *command_in(const struct command_list *all, const char *name);
/* The command that answers to name: command_in's, or the one it is another name for. */
const struct command *command_answering(const struct command_list *all, const char *name);
void print_help(const struct command *command, FILE *out);
void operand_text(const struct command *command, char *out, size_t size);
int usage_line(const struct command *command, int n, char *out, size_t size);
void option_label(const struct option_spec *option, char *out, size_t size);
void option_values(const struct option_spec *option, char *out, size_t size);
/* man_text.c: the man page's synopsis and options, written from the same tables */
void print_man_synopsis(const struct command_list *all, FILE *out);
void print_man_options(const struct command_list *all, FILE *out);
/* A command's entry in the man page's COMMANDS: .TP and its usage lines, as its --help gives them; -1 for no such
 * command. */
int print_man_command(const struct command_list *all, const char *name, FILE *out);

/* suggest.c */
const char *suggest_word(const char *name, const char *const *words, int count);
const char *suggest_command(const struct command_list *all, const char *name);
int fail_unknown_command(const struct command_list *all, const char *name);


#endif
