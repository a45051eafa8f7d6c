# The bot's image: one process per container (python -m bot), webhook mode behind the proxy
# of docker-compose.yml. The exact versions of requirements.lock are installed (hashes
# checked; it is compiled for Python 3.11), then the package in editable mode so that it finds
# its locales/ and migrations next to the code, exactly as in a checkout.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY requirements.lock ./
# --no-deps: the lock is complete, so nothing is resolved at build time (a newer release of a
# dependency cannot slip in); pip check then fails the build if the lock is not consistent.
RUN pip install --no-deps --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY rules ./rules
COPY locales ./locales
RUN pip install --no-deps --no-build-isolation -e . \
    && pip check \
    && useradd --system --uid 10001 --home-dir /app gm \
    && mkdir -p /app/data && chown gm /app/data
USER gm

EXPOSE 8080
# SIGTERM (docker stop): the bot finishes the updates it has taken, then exits.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
