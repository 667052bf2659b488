# Names from [scope] known_variables are tested in scope_test.go; without config they are unknown.
class enc_reader {
  notice($enc_role) # want "unknown variable \\$enc_role"
}
