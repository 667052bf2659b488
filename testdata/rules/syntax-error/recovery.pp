class one {
  $a = 1;
} # want "Syntax error at '}'"
class two {
  $b = [1, 2
} # want "Syntax error at '}'"
class three {
  notice('fine')
}
