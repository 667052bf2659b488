# Defined types read their own parameters, $title and $name.
define order::thing (String $path = "/tmp/${title}", $mode = '0644') {
  file { $path: mode => $mode, content => "${name} ${title}" }
  notice($owner) # want "unknown variable \\$owner"
}
