exec { 'x': command => '/bin/true', unless => '/bin/false' }
$h = { 'type' => 1, type => 2 }
$x = 'private'
notice($facts['os'])
class foo::data_type {
  $hostname = 'x'
}
class httpd::site {
}
node /^web\d+$/, default {
}
tag "${x}-y"
