class legacy (
  $servers = hiera('ntp::servers'), # want `hiera\(\) is deprecated; use lookup\('key'\)`
  $users = hiera_hash('users'), # want `hiera_hash\(\) is deprecated; use lookup\('key', \{merge => hash\}\)`
  $pkgs = hiera_array('pkgs'), # want `hiera_array\(\) is deprecated`
) {
  hiera_include('classes') # want `hiera_include\(\) is deprecated; use lookup\('key', \{merge => unique\}\)\.include`
  create_resources('user', $users) # want `create_resources\(\) is deprecated`
  validate_string($servers) # want `validate_string\(\) is deprecated; use the type String on the parameter`
  validate_re($servers, '^a') # want `validate_re\(\) is deprecated`
  validate_legacy(String, 'validate_string', $servers) # want `validate_legacy\(\) is deprecated`
  if is_string($servers) { # want `is_string\(\) is deprecated; use \$x =~ String`
    notice($users.has_key('x')) # want `has_key\(\) is deprecated`
  }
  notice(size($pkgs)) # want `size\(\) is deprecated; use length\(\)`
  notice($pkgs.size) # want `size\(\) is deprecated`
  notice(::is_array($pkgs)) # want `is_array\(\) is deprecated`

  # Not deprecated: stdlib's is_a, validate_cmd, validate_augeas, validate_x509_rsa_key_pair,
  # Puppet's own length and lookup, a namespaced function, a bare word.
  notice(is_a($pkgs, Array))
  notice(length($pkgs), lookup('ntp::servers'), mymod::size($pkgs))
  validate_cmd($servers, '/usr/bin/test %')
  validate_augeas($servers, 'Passwd.lns')
  validate_x509_rsa_key_pair($servers, $users)
  notice(stdlib::validate_domain_name('example.org'))
  $size = 1
  notice({ size => $size })
}
