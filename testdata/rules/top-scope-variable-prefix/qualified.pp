# Qualified variables written with a leading :: in a file defining a class.
class profile::web {
  $port = $::apache::port # want "use .apache::port instead of .::apache::port"
  $s = "${::apache::user}" # want "use .apache::user instead of .::apache::user"

  # A top-scope variable, a fact, a name without ::, a one-letter first
  # segment, and a variable interpolated without braces: nothing to report.
  $domain = $::domain
  $os = $::facts['os']
  $plain = $apache::port
  $short = $::a::b
  $bare = "$::apache::user"
}
