class regexp {} # want "'regexp' is a reserved word [(]reserved[)] and cannot be the name of a class Puppet rejects it: .*already defined by Puppet"
class unit {} # want "'unit' is a reserved word [(]reserved[)] and cannot be the name of a class Puppet rejects it: .*already defined by Puppet"
define application() {} # want "'application' is a reserved word .* name of a defined type"
function application() {} # want "'application' is a reserved word .* name of a function"
define site() {} # want "'site' is a reserved word .* name of a defined type"
function site() {} # want "'site' is a reserved word .* name of a function"
define unit() {} # want "'unit' is a reserved word .* name of a defined type"
function unit() {} # want "'unit' is a reserved word .* name of a function"
type Application = String # want "'Application' is a reserved word .* name of a type alias Puppet accepts it"
type Regexp = String # want "'Regexp' is a reserved word .* name of a type alias Puppet rejects it: it redefines the built-in data type Regexp"
# one segment of a longer name is legal
class httpd::site {}
class foo::private {}
class site::profile {}
define httpd::application() {}
class foo::data_type {}
class sites {}
