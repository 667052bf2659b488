$h = {ensure => file}
file { '/a':
  * => $h,
}
