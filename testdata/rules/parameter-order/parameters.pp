# Order.
class parameters (
  String $required,
  String $optional = 'x',
  Integer $late, # want "optional parameter listed before required parameter"
  Optional[String] $late_optional,
  Hash $map = { 'a' => 1 },
  $untyped_after_integer, # want "optional parameter listed before required parameter"
) {
}

# Fine.
define parameters::ok (
  String $required,
  Array[String] $list = ['a'],
  Optional[String] $maybe = undef,
) {
}

# A custom type is not a type to puppet-lint.
define parameters::custom (
  String $optional = 'x',
  Stdlib::Port $port,
) {
}
