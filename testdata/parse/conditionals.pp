if $x == File['a'] {
  notice('a')
} elsif $y {
  notice('b')
} else {
}
unless $z { 1 } else { 2 }
case $x {
  1, 2, *$arr: { }
  /re/: { notice('re') }
  Integer[3]: { }
  { a => 1 }: { }
  [1, default]: { }
  default: { }
}
$v = if $a { 1 } else { 2 }
$w = case $b { default: { 3 } }
