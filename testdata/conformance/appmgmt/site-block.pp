site {
  notice('x')
}
