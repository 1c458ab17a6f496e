#include <stringprep.h>
