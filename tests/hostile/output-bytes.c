/* NUL bytes, invalid UTF-8, terminal escapes, a line of backticks, no final newline. */
#include <stdio.h>

int main(void)
{
	fwrite("nul\0byte\n", 1, 9, stdout);
	fputs("bad utf-8: \xff\xfe\xc3\x28\n", stdout);
	fputs("\x1b[2J\x1b[31mred\x1b[0m \x1b]0;title\x07\r\n", stdout);
	fputs("````````````\n", stdout);
	fputs("no final newline", stdout);
	fputs("\x1b[2Jon stderr too\xff", stderr);
	return 0;
}
