# Names Puppet rejects: a bare number after class or define.
class 1 { # want "class or defined type found beginning with a digit"
}

define 2 ( # want "class or defined type found beginning with a digit"
  String $x,
) {
}

# A name starting with a letter, and a class resource: nothing to report.
class profile::a1 {
  class { 'profile::b2': }
}
