package dev.inferencemetrics.apikey;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** An authenticated API key; its authorities are the key's scopes. */
public final class ApiKeyAuthentication extends AbstractAuthenticationToken {

    private final ApiClient client;

    public ApiKeyAuthentication(ApiClient client) {
        super(client.scopes().stream()
                .map(scope -> new SimpleGrantedAuthority(scope.authority()))
                .toList());
        this.client = client;
        setAuthenticated(true);
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public ApiClient getPrincipal() {
        return client;
    }

    @Override
    public String getName() {
        return client.keyPrefix();
    }
}
