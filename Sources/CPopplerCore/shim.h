// poppler's own (C++) API, for CSignetPoppler only: this module brings its include path and library;
// nothing of it is imported into Swift.
#include <stddef.h>
