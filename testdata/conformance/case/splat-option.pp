$arr = [1]
case $x {
  *$arr: { }
  default: { }
}
