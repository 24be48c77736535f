/*
 * Unit tests of the shell table: each row's quoting (a value must come back
 * byte for byte from the shell that reads it), its lines that set, export
 * and remove a variable, and which rows are shells with a hook.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell_table.h"

/* What a print function wrote, as a string the caller frees. */
static char *captured(void (*print)(FILE *, const struct shell_row *, const char *, const char *),
                      const char *shell, const char *name, const char *value)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    print(out, shell_find(shell), name, value);
    fclose(out);
    return text;
}

static void print_export(FILE *out, const struct shell_row *shell, const char *name, const char *value)
{
    assert_int_equal(shell_print_export(out, shell, name, value), 0);
}

static void print_set(FILE *out, const struct shell_row *shell, const char *name, const char *value)
{
    shell_print_set(out, shell, name, value);
}

static void print_unset(FILE *out, const struct shell_row *shell, const char *name, const char *value)
{
    (void)value;
    shell_print_unset(out, shell, name);
}

static void expect(void (*print)(FILE *, const struct shell_row *, const char *, const char *), const char *shell,
                   const char *value, const char *expected)
{
    char *text = captured(print, shell, "V", value);
    assert_string_equal(text, expected);
    free(text);
}

static void each_shell_quotes_a_quote_its_own_way(void **state)
{
    (void)state;
    expect(print_export, "bash", "it's", "export V='it'\\''s'\n");
    expect(print_export, "zsh", "a b;$(x)", "export V='a b;$(x)'\n");
    expect(print_export, "fish", "it's \\", "set -gx V 'it\\'s \\\\'\n");
    expect(print_export, "pwsh", "it's", "$Env:V = 'it''s'\n");
    /* PowerShell also ends a string at U+2019: doubled like ' */
    expect(print_export, "pwsh", "a\xe2\x80\x99z", "$Env:V = 'a\xe2\x80\x99\xe2\x80\x99z'\n");
    expect(print_export, "dockerfile", "a\"$HOME\\", "ENV V=\"a\\\"\\$HOME\\\\\"\n");
    expect(print_export, "dotenv", "/opt/a b", "V=/opt/a b\n");
    expect(print_export, "github", "/opt/x", "V=/opt/x\n");
    expect(print_export, "json", "q\"\\\n", "  \"V\": \"q\\\"\\\\\\n\"");
    expect(print_export, "cmd", "C:\\a b;100%", "@set \"V=C:\\a b;100%%\"\n");
}

static void shell_variables_and_removal(void **state)
{
    (void)state;
    expect(print_set, "bash", "x", "V='x'\n");
    expect(print_set, "fish", "x", "set -g V 'x'\n");
    expect(print_set, "pwsh", "x", "$global:V = 'x'\n");
    expect(print_unset, "bash", NULL, "unset V\n");
    expect(print_unset, "fish", NULL, "set -e V\n");
    expect(print_unset, "pwsh", NULL, "Remove-Item Env:V -ErrorAction SilentlyContinue\n");
    expect(print_set, "cmd", "50%", "@set \"V=50%%\"\n");
    expect(print_unset, "cmd", NULL, "@set \"V=\"\n");
}

static void line_formats_refuse_control_bytes(void **state)
{
    (void)state;
    assert_false(shell_value_fits(shell_find("dotenv"), "a\nBASH_ENV=/tmp/x"));
    assert_false(shell_value_fits(shell_find("github"), "a\rb"));
    assert_false(shell_value_fits(shell_find("dockerfile"), "a\nRUN x"));
    assert_false(shell_value_fits(shell_find("cmd"), "a\" & calc"));
    assert_true(shell_value_fits(shell_find("bash"), "a\nb"));
    assert_true(shell_value_fits(shell_find("json"), "a\nb"));
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_int_equal(shell_print_export(out, shell_find("dotenv"), "V", "a\nB=1"), 1);
    fclose(out);
    assert_string_equal(text, "");
    free(text);
}

static void shells_with_a_hook(void **state)
{
    (void)state;
    assert_non_null(shell_find_hooked("bash"));
    assert_non_null(shell_find_hooked("pwsh"));
    assert_null(shell_find_hooked("dotenv"));
    assert_non_null(shell_find_hooked("cmd"));
    assert_null(shell_find("csh"));
    assert_string_equal(shell_names(1), "bash zsh fish pwsh cmd");
    assert_non_null(strstr(shell_names(0), "cmd sh dockerfile dotenv github json"));
    assert_non_null(shell_find("bash")->common);
    assert_null(shell_find("fish")->common);
}
