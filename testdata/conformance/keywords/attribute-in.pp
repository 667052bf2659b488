exec { 'x':
  command => '/bin/true',
  in => 'y',
}
