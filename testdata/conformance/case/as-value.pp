$y = case $x {
  1: { 'one' }
  default: { 'other' }
}
