# a type alias named like a data type
type Integer = String
