# a type alias named like a data type
type Regexp = String
