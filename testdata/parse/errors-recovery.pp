class a {
  $x = [1,
}
class b {
  $y = )
}
class c { }
