type C = Hash[String[1],Integer]
$a = 10
