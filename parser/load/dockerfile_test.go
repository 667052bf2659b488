package load

import "testing"

func TestDockerfilePuppetVersion(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"apt pin through ENV", "FROM ubuntu:xenial\nENV PUPPET_AGENT_VERSION=\"5.3.2\" UBUNTU_CODENAME=\"xenial\"\nRUN apt-get install -y puppet-agent=\"$PUPPET_AGENT_VERSION\"-1\"$UBUNTU_CODENAME\"\n", "5.3.2"},
		{"apt pin literal", "RUN apt-get install -y puppet-agent=7.23.0-1jammy\n", "7.23.0"},
		{"yum pin", "RUN yum install -y puppet-agent-8.10.0\n", "8.10.0"},
		{"release package", "RUN wget https://apt.puppetlabs.com/puppet7-release-focal.deb && dpkg -i puppet7-release-focal.deb\n", "7"},
		{"release package and pin", "RUN dpkg -i puppet5-release-xenial.deb\nRUN apt-get install puppet-agent=5.5.1-1xenial\n", "5.5.1"},
		{"agent image", "FROM puppet/puppet-agent:7.23.0\n", "7.23.0"},
		{"server image from a registry", "FROM docker.io/puppet/puppetserver:8.4.0 AS server\n", "8.4.0"},
		{"ARG with braces", "ARG PUPPET_VERSION=6.28.0\nRUN apt-get install puppet-agent=${PUPPET_VERSION}-1bionic\n", "6.28.0"},
		{"old ENV form", "ENV PUPPET_AGENT_VERSION 1.10.9\n", "1.10.9"},
		{"unpinned", "FROM puppet/puppetserver-standalone\nRUN apt-get install -y puppet-agent\n", ""},
		{"latest image", "FROM puppet/puppet-agent:latest\n", ""},
		{"two majors", "FROM puppet/puppet-agent:7.23.0\nFROM puppet/puppet-agent:8.4.0\n", ""},
		{"commented", "# RUN apt-get install puppet-agent=5.3.2-1xenial\n", ""},
		{"package names alone", "RUN systemctl disable puppet-agent-systemd\n", ""},
	}
	for _, tt := range tests {
		if got := dockerfilePuppetVersion([]byte(tt.src)); got != tt.want {
			t.Errorf("%s: dockerfilePuppetVersion = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestIsDockerfileName(t *testing.T) {
	for name, want := range map[string]bool{
		"Dockerfile": true, "Containerfile": true, "Dockerfile-puppet-agent-systemd": true, "Dockerfile.agent": true,
		"agent.Dockerfile": true, "dockerfile": true, "Dockerfiles": false, "docker-compose.yml": false, "README.Dockerfile.md": false,
	} {
		if got := isDockerfileName(name); got != want {
			t.Errorf("isDockerfileName(%q) = %v, want %v", name, got, want)
		}
	}
}
