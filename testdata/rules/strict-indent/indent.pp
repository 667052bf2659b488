# Indentation by the brackets, resource bodies and assignments around a line. The findings are
# those puppet-lint-strict_indent-check reports on this file.
class indent (
  String $a,
    Integer $b = 1, # want "indent should be 2 chars and is 4"
) {
  file { '/tmp/x':
    ensure  => file,
    content => @("EOT"),
      text
      | EOT
  }

  file {
    '/tmp/y':
      ensure => file;
    '/tmp/z':
      ensure => file;
  }

  $list = [
    1,
   2, # want "indent should be 4 chars and is 3"
  ]
  $long =
    'on its own line'
    # An indented comment is checked like code. # want "indent should be 2 chars and is 4"
# A comment at the start of a line is not.
  if $a {
  notice($b) # want "indent should be 4 chars and is 2"
  }
}
