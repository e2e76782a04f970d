package dev.inferencemetrics.security;

import dev.inferencemetrics.tenancy.AcrossTenants;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
class AppUserDetailsService implements UserDetailsService {

    private final AppUserRepository users;

    AppUserDetailsService(AppUserRepository users) {
        this.users = users;
    }

    @Override
    @AcrossTenants
    @Transactional(readOnly = true)
    public UserDetails loadUserByUsername(String username) {
        // before sign-in nobody's tenant is known; usernames are unique across tenants
        return users.findByUsername(username)
                .map(SignedInUser::new)
                .orElseThrow(() -> new UsernameNotFoundException("no such user"));
    }
}
