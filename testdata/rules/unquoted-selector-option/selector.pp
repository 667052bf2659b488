# Bare words in selector options.
class profile::os {
  $pkg = $facts['os']['family'] ? {
    debian  => 'apt', # want "unquoted string in selector"
    Linux   => 'x', # want "unquoted string in selector"
    'RedHat' => 'yum',
    default => undef,
  }
  # On one line, a value before a later option's => counts too.
  $y = $x ? { one => two, three => 'four' } # want "unquoted string in selector" "unquoted string in selector" "unquoted string in selector"
}
