# Parley bot image. Build: docker build -t parley .   Run: see README.md (docker compose up -d).
# BASE: any Debian-based image with Python 3.11 whose `python` and `pip` are on PATH; the public
# python:3.11-slim by default. `make image-check` builds on one made from Debian's packages
# (docs/deployment.md, "The image check").
ARG BASE=python:3.11-slim
FROM ${BASE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# DejaVu fonts for the board images (without them Pillow's built-in font is used).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

# Dependencies first, so a code change does not reinstall them.
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

# The bot runs unprivileged; it may write only to /data (the database) and /app/out (the board
# images of `python bot.py --local`, whose default --out is ./out).
RUN useradd --create-home --uid 10001 parley \
    && mkdir -p /data /app/out \
    && chown parley:parley /data /app/out

COPY . .

ENV DATABASE_PATH=/data/parley.db
VOLUME /data
USER parley

CMD ["python", "bot.py"]
