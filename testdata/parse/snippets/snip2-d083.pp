include a
include b