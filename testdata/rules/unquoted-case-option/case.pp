# Bare words in case options.
class profile::os {
  case $facts['os']['family'] {
    debian, ubuntu: { $pkg = 'apt' } # want "unquoted string in case" "unquoted string in case"
    Linux: { $pkg = 'x' } # want "unquoted string in case"
    'RedHat': { $pkg = 'yum' }
    Foo::Bar: { $pkg = 'y' }
    /^Free/: { $pkg = 'pkg' }
    default: { $pkg = undef }
  }
  # On one line, the words between the last body and the next : count too.
  case $x { one: { include foo } two: { } } # want "unquoted string in case" "unquoted string in case" "unquoted string in case" "unquoted string in case"
}
