$a = 10
type C = Hash[String[1],Integer]
