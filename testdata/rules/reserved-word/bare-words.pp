$a = application # want "'application' is a reserved word [(]a language keyword[)] and cannot be used as a bare-word string.* Write 'application'"
$b = [component, consumes, environment] # want "'component'" "'consumes'" "'environment'"
notice(import, produces) # want "'import'" "'produces'"
$c = regexp # want "'regexp' is a reserved word [(]reserved[)]"
$d = $c ? { site => unit, default => 1 } # want "'site'" "'unit'"
case $d { application: {} default: {} } # want "'application'"
$e = attr # want "Use of reserved word: attr, must be quoted"
notice(private) # want "'private' is a reserved word [(]reserved for future use[)].*Use of reserved word: private"
$f = { 'k' => type } # want "'type' is a reserved word"
# look-alikes that are fine
exec { 'x': command => '/bin/true', unless => '/bin/false' }
$h = { 'type' => 1, type => 2, site => 3, function => 4 }
$x = 'private'
$y = "site ${x}"
$z = [true, false, undef, default]
if $x == 'application' and $y in ['site'] or !$z {}
import('x')
notice($facts['os'])
include httpd::site
file { '/tmp/a': ensure => file }
