file { '/tmp/a':
  ensure  => file,
  mode    => '0644',
  require => Package['x'],
}
file { ['/a', '/b']: ensure => file; '/c': ensure => directory, }
file { default: mode => '0644'; '/d': ; '/e': owner => root }
@user { 'bob': uid => 1 }
@@nagios_host { $fqdn: tag => 'x' }
class { 'apache': version => '2.4' }
exec { 'x': unless => 'y', require => Exec['z'], * => $extra }
File { owner => root }
File['/a'] { mode => '0600' }
File['/a', '/b'] { mode +> 'x' }
Resource['file', '/z'] { ensure => absent }
Foo::Bar { 'x': }
foo::bar { "${x}/b": }
User <| title == 'bob' or (uid != 2 and groups == admin) |> { shell => '/bin/sh', groups +> ['x'] }
Nagios_host <<| tag == 'x' |>>
User <| |>
Package['a'] -> Service['b'] ~> Service['c'] <- File['d'] <~ File['e']
package { 'x': } -> service { 'x': }
File <| |> -> Service <| |>
notice { a => 1 }
realize User['x'], User['y']
