node /^web\d+$/ {
  notice('web')
}
