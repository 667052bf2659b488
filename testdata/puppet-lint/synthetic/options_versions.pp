# Case and selector options, qualified variables written with ::, and
# versions compared as numbers, for the plugin checks the corpus files
# exercise little.
class synthetic::options (
  String $kernelversion = $facts['kernelversion'],
) {
  case $facts['os']['family'] {
    debian, ubuntu: { $a = 1 }
    'RedHat': { $a = 2 }
    Linux: { $a = 3 }
    Foo::Bar: { $a = 4 }
    String: { $a = 5 }
    /^Free/: { $a = 6 }
    default: { $a = 7 }
  }
  case $x { one: { include foo } two: { notice(three) } }
  $b = $x ? {
    alpha => beta,
    'gamma' => delta,
    Linux => 1,
    default => undef,
  }
  $c = $x ? { one => two, three => four }
  $d = "${::synthetic::options::a} $::synthetic::options::b ${::os}"
  $e = $::a::b
  $f = $::ab::c
  if $::operatingsystemrelease >= 7 {
    notice('x')
  }
  if $kernelversion == 5 or $release != '5' {
    notice('y')
  }
  if $::operatingsystemmajrelease < '8' and $facts_version <= 1.5 {
    notice('z')
  }
  $g = $release > $other
  $h = $release + 1 > 7
}
