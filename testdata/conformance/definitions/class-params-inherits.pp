class a::b (
  String $x = 'a',
  Optional[Integer[1]] $y = undef,
) inherits a::params {
  notice($x)
}
