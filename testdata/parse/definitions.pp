class mymod::server (
  String $x = 'a',
  Optional[Integer[1]] $y = undef,
  $z,
) inherits mymod::params {
  class nested { }
  include mymod::common
}
class mymod { }
class Foo { }
class bar inherits default { }
define mymod::vhost ($port = 80, String *$rest) {
  notice($port)
}
function mymod::f(Integer $a, String *$rest) >> Array[String] {
  [$a]
}
function mymod::g { 1 }
type Mymod::T = Variant[Integer, Pattern[/^a/]]
type Mymod::O = Object[{ attributes => { a => Integer } }]
type Mymod::S = { attributes => { } }
type Mymod::A = [Integer, String]
type Runtime[ruby, 'X'] = Integer
type Foo inherits Bar { }
node 'a.example.com', "db-1", /^web\d+$/, foo.bar, 192.168.1.1, default, {
  include role
}
node 'b' inherits 'a' { }
