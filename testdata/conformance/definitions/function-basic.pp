function mymod::f(Integer $a, String *$rest) >> Array[String] {
  [String($a)] + $rest
}
