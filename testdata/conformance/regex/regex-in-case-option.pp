case $facts['os']['family'] {
  /^Red/: { notice('rh') }
  default: {}
}
