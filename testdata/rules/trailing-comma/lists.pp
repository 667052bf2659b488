# A list written over several lines whose last element has no comma after it.
class profile::motd (
  Hash[
    String,
    Integer
  ] $limits = {},
) {
  file { '/etc/motd':
    ensure  => file,
    content => 'hello'
    # want-prev "missing trailing comma after last element"
  }

  $users = [
    'alice',
    'bob'
    # want-prev "missing trailing comma after last element"
  ]

  $ports = {
    'http'  => 80,
    'https' => 443
    # want-prev "missing trailing comma after last element"
  }

  File {
    owner => 'root'
    # want-prev "missing trailing comma after last element"
  }

  # A comma, a comment or blanks after the last element, one line, an
  # empty list, a body ended by a semicolon: nothing to report.
  $groups = [
    'wheel',
  ]
  $shells = [
    'bash' # the default
  ]
  $empty = [
  ]
  $one = ['a', 'b']
  file { '/tmp/a':
    ensure => file;
  }
}
