# Defined types read their own parameters, $title and $name.
define order::thing (String $path = "/tmp/${title}", $mode = '0644') {
  file { $path: mode => $mode, content => "${name} ${title}" }
  notice($owner) # want "unknown variable \\$owner"
}
class typo (Array[String] $servers = []) {
  $package_name = 'ntp'
  notice($server) # want "unknown variable \\$server .*did you mean \\$servers\\?"
  notice($pakage_name) # want "did you mean \\$package_name\\?"
}
