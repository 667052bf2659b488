$x = "a\tb\nc\\d\"e\$f\sg\'h"
