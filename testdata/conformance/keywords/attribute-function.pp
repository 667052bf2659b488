exec { 'x':
  command => '/bin/true',
  function => 'y',
}
