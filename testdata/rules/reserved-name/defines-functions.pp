define file() {} # want "defined type 'file' is named like the resource type file built into Puppet"
define cron() {} # want "defined type 'cron' is named like the resource type cron shipped with the Puppet agent"
define integer() {} # want "defined type 'integer' is named like the data type Integer Puppet rejects it .*Resource.integer, title."
define catalogentry() {} # want "defined type 'catalogentry' is named like the data type CatalogEntry It works, but you can't reference"
define apache::init() {} # want "defined type 'apache::init' uses the reserved name <module>::init"
function each() {} # want "function 'each' is named like Puppet's built-in function each.."
function package() {} # want "function 'package' is named like the resource type package built into Puppet"
function string() {} # want "function 'string' is named like the data type String Puppet rejects it"
# look-alikes
define apache::file() {}
define files() {}
function mymod::each() {}
function mymod::file() {}
type Integer = String # want "type alias 'Integer' is named like the data type Integer Puppet rejects it"
type CatalogEntry = String # want "type alias 'CatalogEntry'"
type Mymod::Integer = String
type Integers = String
