#define GREETING "hello from a header"
