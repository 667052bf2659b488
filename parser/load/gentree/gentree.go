// Package gentree generates realistic Puppet control repositories of any
// size, deterministically, for benchmarks and robustness tests: an
// environment with environment.conf, a main manifest with node definitions,
// roles and profiles under site/, and component modules under modules/ with
// params classes, defined types, resources, defaults, conditionals,
// selectors, lambdas, heredocs and EPP templates — the constructs real
// modules are made of, in their usual proportions.
package gentree

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// Tree is a generated tree: file path ('/' separators) to content.
type Tree map[string]string

// Generate returns a tree of about n Puppet files (.pp and .epp) made from
// seed. The same n and seed always give the same tree. Files average about
// 55 lines and 2 KB, like files of public modules.
func Generate(n int, seed uint64) Tree {
	g := &generator{rng: rand.New(rand.NewPCG(seed, 0x5eed)), tree: Tree{}}
	g.tree["environment.conf"] = "modulepath = site:modules:$basemodulepath\n"
	modules := max(1, n/25)
	perModule := max(1, (n-2)/(modules+2))
	var classes []string
	for m := range modules {
		classes = append(classes, g.module(fmt.Sprintf("mod%03d", m), perModule)...)
	}
	roles := g.rolesAndProfiles(max(1, perModule*2), classes)
	g.siteManifest(roles)
	return g.tree
}

// Write writes the tree under dir.
func (t Tree) Write(dir string) error {
	for name, content := range t {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// PuppetFiles counts the .pp and .epp files of the tree.
func (t Tree) PuppetFiles() (files, bytes, lines int) {
	for name, content := range t {
		if strings.HasSuffix(name, ".pp") || strings.HasSuffix(name, ".epp") {
			files++
			bytes += len(content)
			lines += strings.Count(content, "\n")
		}
	}
	return files, bytes, lines
}

type generator struct {
	rng  *rand.Rand
	tree Tree
}

func (g *generator) pick(options ...string) string { return options[g.rng.IntN(len(options))] }

var resourceTypes = []string{"file", "package", "service", "exec", "user", "group", "cron", "notify"}

// module writes one component module of about files files and returns its
// public class names.
func (g *generator) module(name string, files int) []string {
	dir := "modules/" + name
	g.tree[dir+"/metadata.json"] = fmt.Sprintf(`{"name": "example-%s", "version": "1.0.0", "dependencies": []}`+"\n", name)
	g.tree[dir+"/manifests/params.pp"] = g.paramsClass(name)
	subclasses := []string{"install", "config", "service"}
	for i := 3; len(subclasses) < max(3, files-4); i++ {
		subclasses = append(subclasses, fmt.Sprintf("component%02d", i))
	}
	g.tree[dir+"/manifests/init.pp"] = g.mainClass(name, subclasses)
	for _, sub := range subclasses {
		g.tree[dir+"/manifests/"+sub+".pp"] = g.subClass(name, sub)
	}
	g.tree[dir+"/manifests/instance.pp"] = g.define(name)
	g.tree[dir+"/templates/config.epp"] = g.template(name)
	return []string{name}
}

func (g *generator) paramsClass(mod string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# @summary Default values for %s.\nclass %s::params {\n", mod, mod)
	b.WriteString("  case $facts['os']['family'] {\n")
	for _, fam := range []string{"'RedHat'", "'Debian'", "default"} {
		fmt.Fprintf(&b, "    %s: {\n      $package_name = '%s-%s'\n      $config_dir   = '/etc/%s'\n    }\n",
			fam, mod, strings.Trim(strings.ToLower(fam), "'"), mod)
	}
	b.WriteString("  }\n")
	fmt.Fprintf(&b, "  $service_name = '%s'\n  $port         = %d\n  $options      = {\n", mod, 1000+g.rng.IntN(9000))
	for i := range 4 + g.rng.IntN(6) {
		fmt.Fprintf(&b, "    'option_%d' => %s,\n", i, g.pick("true", "false", "'value'", "42", "['a', 'b']"))
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

func (g *generator) mainClass(mod string, subs []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# @summary Manages %s.\n#\n# @param package_name The package to install.\n# @param port The port to listen on.\nclass %s (\n", mod, mod)
	b.WriteString("  String $package_name                    = $" + mod + "::params::package_name,\n")
	b.WriteString("  String $service_name                    = $" + mod + "::params::service_name,\n")
	b.WriteString("  Stdlib::Port $port                      = $" + mod + "::params::port,\n")
	b.WriteString("  Enum['present', 'absent'] $ensure       = 'present',\n")
	b.WriteString("  Hash[String, Data] $options             = $" + mod + "::params::options,\n")
	b.WriteString("  Optional[Array[String[1]]] $extra_users = undef,\n")
	fmt.Fprintf(&b, ") inherits %s::params {\n", mod)
	for _, s := range subs {
		fmt.Fprintf(&b, "  contain %s::%s\n", mod, s)
	}
	fmt.Fprintf(&b, "\n  Class['%s::%s'] -> Class['%s::%s']\n", mod, subs[0], mod, subs[1])
	b.WriteString("  if $extra_users {\n    $extra_users.each |String $user| {\n")
	fmt.Fprintf(&b, "      %s::instance { \"${user}-instance\":\n        owner => $user,\n        port  => $port,\n      }\n    }\n  }\n}\n", mod)
	return b.String()
}

func (g *generator) subClass(mod, sub string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# @summary The %s part of %s.\n#\n# Manages the resources this part of the module needs.\n# It is contained by the main class; do not declare it directly.\n#\n# @api private\nclass %s::%s {\n  assert_private()\n\n", sub, mod, mod, sub)
	fmt.Fprintf(&b, "  $ensure = $%s::ensure ? {\n    'absent' => 'absent',\n    default  => 'present',\n  }\n", mod)
	for i := range 4 + g.rng.IntN(6) {
		typ := resourceTypes[g.rng.IntN(len(resourceTypes))]
		fmt.Fprintf(&b, "\n  %s { '%s-%s-%d':\n", typ, mod, sub, i)
		switch typ {
		case "file":
			fmt.Fprintf(&b, "    ensure  => file,\n    path    => \"${%s::config_dir}/%s-%d.conf\",\n    owner   => 'root',\n    mode    => '0644',\n    content => epp('%s/config.epp', { 'port' => $%s::port }),\n", mod, sub, i, mod, mod)
		case "exec":
			fmt.Fprintf(&b, "    command     => '/usr/bin/%s-reload',\n    refreshonly => true,\n    unless      => '/bin/test -f /run/%s.pid',\n", mod, mod)
		case "package":
			fmt.Fprintf(&b, "    ensure => $ensure,\n    name   => $%s::package_name,\n", mod)
		default:
			fmt.Fprintf(&b, "    ensure => $ensure,\n    tag    => ['%s', '%s'],\n", mod, sub)
		}
		b.WriteString("  }\n")
	}
	if g.rng.IntN(3) == 0 {
		b.WriteString("\n  $message = @(\"MSG\"/L)\n    Managed by Puppet: \\\n    ${module_name} on ${facts['networking']['fqdn']}\n    | MSG\n  notify { $message: }\n")
	}
	b.WriteString("\n  $ports = [80, 443, $" + mod + "::port].filter |$p| { $p =~ Integer[1, 65535] }\n")
	b.WriteString("  $ports.each |Integer $port| {\n    if $port > 1024 and $port != 8080 {\n      notice(\"unprivileged ${port}\")\n    } elsif $port in [80, 443] {\n      debug(\"web ${port}\")\n    }\n  }\n}\n")
	return b.String()
}

func (g *generator) define(mod string) string {
	return fmt.Sprintf(`# @summary An instance of %[1]s.
define %[1]s::instance (
  String $owner,
  Integer $port = 8080,
  Enum['present', 'absent'] $ensure = 'present',
) {
  $dir = "/srv/%[1]s/${title}"
  file { $dir:
    ensure => directory,
    owner  => $owner,
  }
  file { "${dir}/instance.conf":
    ensure  => file,
    content => "port=${port}\n",
    require => File[$dir],
  }
}
`, mod)
}

func (g *generator) template(mod string) string {
	return fmt.Sprintf(`<%%- | Integer $port, Optional[String] $comment = undef | -%%>
# Managed by Puppet (%s)
<%% if $comment { -%%>
# <%%= $comment %%>
<%% } -%%>
listen <%%= $port %%>
<%% ['a', 'b'].each |$x| { -%%>
option <%%= $x %%>
<%% } -%%>
`, mod)
}

// rolesAndProfiles writes profiles wrapping the component classes and roles
// combining profiles, and returns the role class names.
func (g *generator) rolesAndProfiles(n int, components []string) []string {
	var profiles, roles []string
	for i := range max(1, n*2/3) {
		name := fmt.Sprintf("profile::p%03d", i)
		comp := components[g.rng.IntN(len(components))]
		g.tree[fmt.Sprintf("site/profile/manifests/p%03d.pp", i)] = fmt.Sprintf(`# @summary Profile %[1]s.
class %[1]s (
  Integer $port = lookup('%[1]s::port', Integer, 'first', 8080),
) {
  class { '%[2]s':
    port        => $port,
    extra_users => ['app', 'deploy'],
  }
  Package { ensure => installed }
  package { ['curl', 'vim-%[3]d']: }
}
`, name, comp, i)
		profiles = append(profiles, name)
	}
	for i := range max(1, n/3) {
		name := fmt.Sprintf("role::r%03d", i)
		var b strings.Builder
		fmt.Fprintf(&b, "# @summary Role %s.\nclass %s {\n", name, name)
		for range 1 + g.rng.IntN(3) {
			fmt.Fprintf(&b, "  include %s\n", profiles[g.rng.IntN(len(profiles))])
		}
		b.WriteString("}\n")
		g.tree[fmt.Sprintf("site/role/manifests/r%03d.pp", i)] = b.String()
		roles = append(roles, name)
	}
	return roles
}

func (g *generator) siteManifest(roles []string) {
	var b strings.Builder
	b.WriteString("# The main manifest.\n$datacenter = 'dc1'\nFile { backup => false }\n\n")
	for i, r := range roles {
		fmt.Fprintf(&b, "node 'host%03d.example.com', /^web%03d\\d+$/ {\n  include %s\n}\n", i, i, r)
	}
	b.WriteString("node default {\n  notify { \"unclassified ${trusted['certname']}\": }\n}\n")
	g.tree["manifests/site.pp"] = b.String()
}
